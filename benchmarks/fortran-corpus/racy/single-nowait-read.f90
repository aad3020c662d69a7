! race: yes
! One thread fills a table in 'single nowait' while the others already read it.
program single_nowait_read
  implicit none
  integer :: i
  real :: tab(100), out(100)
  !$omp parallel
  !$omp single
  tab = 3.0
  !$omp end single nowait
  !$omp do
  do i = 1, 100
    out(i) = tab(i) * 2.0
  end do
  !$omp end do
  !$omp end parallel
  print *, out(5)
end program
