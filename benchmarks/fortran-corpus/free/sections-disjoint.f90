! race: no
! Each section fills its own half.
program sections_disjoint
  implicit none
  integer :: i
  real :: h(200)
  !$omp parallel sections private(i)
  !$omp section
  do i = 1, 100
    h(i) = 1.0
  end do
  !$omp section
  do i = 101, 200
    h(i) = 2.0
  end do
  !$omp end parallel sections
  print *, h(150)
end program
