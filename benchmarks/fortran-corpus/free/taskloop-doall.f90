! race: no
! A taskloop whose iterations are independent.
program taskloop_doall
  implicit none
  integer :: i
  real :: t(300)
  !$omp parallel
  !$omp single
  !$omp taskloop
  do i = 1, 300
    t(i) = sqrt(real(i))
  end do
  !$omp end taskloop
  !$omp end single
  !$omp end parallel
  print *, t(4)
end program
