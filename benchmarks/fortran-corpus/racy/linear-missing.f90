! race: yes
! A secondary index advanced by every iteration without linear.
program linear_missing
  implicit none
  integer :: i, k
  real :: src(100), dst(300)
  src = 1.0
  k = 1
  !$omp parallel do
  do i = 1, 100
    dst(k) = src(i)
    k = k + 3
  end do
  !$omp end parallel do
  print *, dst(4)
end program
